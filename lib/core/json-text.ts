// An answer a service has already written as JSON text (e.g. built by PostgreSQL), so the HTTP kernel sends
// it as is instead of serializing a value: lib/http/route.ts. Under test the kernel parses it and checks it
// against the route's response schema, as it does every answer.

export class JsonText {
  constructor(readonly text: string) {}
}

/** `text` must be JSON: the kernel does not parse it outside tests. */
export const jsonText = (text: string): JsonText => new JsonText(text);
