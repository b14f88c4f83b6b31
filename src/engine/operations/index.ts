// What each operation of the document does once Prism let a request through: the store, deprecation, parameters.
export { sunsetOf } from './deprecation.js';
export { createOperationResponder, RESPONDER_STAGES } from './operation-responder.js';

export type { AnswerControl, OperationResponderOptions, RequestContext, ResponderStageName } from './operation-responder.js';
