/** One event of a `text/event-stream`, as an EventSource would dispatch it. */
export interface StreamEvent {
  /** The `event:` field, or 'message'. */
  type: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last `id:` seen so far (ids persist across events, as in EventSource). */
  lastEventId: string;
}

export interface EventStreamParserOptions {
  onEvent(event: StreamEvent): void;
  /** A `retry:` field: the reconnection time in ms. */
  onRetry?(ms: number): void;
  /** Called at every event boundary with the last event id (EventSource's "last event ID string"). */
  onId?(id: string): void;
  /** The id the stream resumes from (the one sent as Last-Event-ID). */
  lastEventId?: string;
}

export interface EventStreamParser {
  /** Text as it arrives (already decoded): chunks may split lines, and CRLF, anywhere. */
  feed(chunk: string): void;
}

const LINE_END = /\r\n|\r|\n/g;

/**
 * The event-stream interpretation of the HTML standard (9.2.6), without the network: lines end in
 * CRLF, LF or CR; `:` starts a comment; `field: value` (one space after the colon dropped); a blank
 * line dispatches the buffered event, if it has data. An event cut off by the end of the stream is
 * never dispatched (the caller simply stops feeding). A leading BOM is the decoder's business
 * (TextDecoder drops it).
 */
export function createEventStreamParser(options: EventStreamParserOptions): EventStreamParser {
  let rest = '';
  /** The previous chunk ended in CR: a LF opening this one belongs to that line end. */
  let skipLF = false;
  let type = '';
  let data = '';
  let id = options.lastEventId ?? '';

  function line(text: string) {
    if (text === '') {
      options.onId?.(id);
      // `data` keeps the LF after each line: "data" alone is an event with empty data.
      if (data !== '') options.onEvent({ type: type || 'message', data: data.slice(0, -1), lastEventId: id });
      data = '';
      type = '';
      return;
    }
    // A comment (`: ping`) has an empty field name: ignored with the unknown fields below.
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data += `${value}\n`;
    else if (field === 'id') {
      if (!value.includes('\0')) id = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) options.onRetry?.(Number(value));
    }
  }

  return {
    feed(chunk) {
      if (chunk === '') return;
      if (skipLF && chunk.startsWith('\n')) chunk = chunk.slice(1);
      const text = rest + chunk;
      let start = 0;
      LINE_END.lastIndex = 0;
      for (let end = LINE_END.exec(text); end; end = LINE_END.exec(text)) {
        line(text.slice(start, end.index));
        start = LINE_END.lastIndex;
      }
      rest = text.slice(start);
      skipLF = rest === '' && text.endsWith('\r');
    },
  };
}
