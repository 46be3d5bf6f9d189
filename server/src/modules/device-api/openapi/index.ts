// The device API's OpenAPI document and the table of its error codes (docs/device-api.md).
export { openApiDocument } from './document';
export {
  ERROR_CODES,
  OPERATION_ERRORS,
  errorsByStatus,
  type ErrorCode,
  type ErrorCodeInfo,
  type OperationId,
} from './errors';
