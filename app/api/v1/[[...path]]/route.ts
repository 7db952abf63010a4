// ANY /api/v1/*: unknown paths answer NOT_FOUND, undecodable ones BAD_REQUEST, in the error envelope
import { unknownPathResponse } from "@/lib/rest/unknown-path";

export {
  unknownPathResponse as GET,
  unknownPathResponse as HEAD,
  unknownPathResponse as OPTIONS,
  unknownPathResponse as POST,
  unknownPathResponse as PUT,
  unknownPathResponse as PATCH,
  unknownPathResponse as DELETE,
};
