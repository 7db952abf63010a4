import { companyOperation } from "./company-operation";

export const getDeveloper = companyOperation("developer");
