// jsdom lacks these; react-router 7 needs TextEncoder/TextDecoder at import time.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
