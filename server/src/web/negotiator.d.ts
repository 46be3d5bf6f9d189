// negotiator 1.x (the package ships no types; @types/negotiator describes 0.6, without `preferred`).
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The client's best encoding among `available`; ties go to the order of `preferred`. */
    encoding(available?: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
}
