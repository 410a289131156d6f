// The part of jsdom's API the server sanitizer uses (lib/server-sanitizer.ts); jsdom ships no types of its own.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window;
  }
}
