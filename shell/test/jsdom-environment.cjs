// jsdom with Node's fetch API (Response, Request, Headers, fetch), which jsdom itself lacks.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      ReadableStream,
      structuredClone,
    } = globalThis;
    Object.assign(this.global, { fetch, Request, Response, Headers, FormData, TextEncoder, TextDecoder, ReadableStream, structuredClone });
    // jsdom's AbortSignal is not accepted by Node's fetch; keep the pair consistent.
    Object.assign(this.global, { AbortController, AbortSignal });
  }
}

module.exports = JsdomWithFetchEnvironment;
