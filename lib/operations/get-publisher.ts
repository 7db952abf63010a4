import { companyOperation } from "./company-operation";

export const getPublisher = companyOperation("publisher");
