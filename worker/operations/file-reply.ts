// A success that is a file rather than JSON (an audit export as CSV or JSON Lines): the REST edge
// sends its body as it comes, a stream included, under its media type and file name.
export class FileReply {
  constructor(
    readonly body: ReadableStream<Uint8Array> | string,
    readonly contentType: string,
    /** Set: the reply is an attachment of this name (Content-Disposition). */
    readonly filename?: string,
    readonly headers: Record<string, string> = {},
  ) {}

  response(status: number, headers: Headers | undefined): Response {
    const reply = new Headers(headers);
    reply.set("content-type", this.contentType);
    if (this.filename) reply.set("content-disposition", `attachment; filename="${this.filename}"`);
    for (const [name, value] of Object.entries(this.headers)) reply.set(name, value);
    return new Response(this.body, { status, headers: reply });
  }
}
