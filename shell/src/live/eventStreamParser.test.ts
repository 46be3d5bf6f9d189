import { createEventStreamParser, type StreamEvent } from './eventStreamParser';

function parse(chunks: string[], lastEventId?: string) {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const ids: string[] = [];
  const parser = createEventStreamParser({
    lastEventId,
    onEvent: (event) => events.push(event),
    onRetry: (ms) => retries.push(ms),
    onId: (id) => ids.push(id),
  });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, retries, ids };
}

/** Every way of cutting `text` in two, and one character at a time. */
const splits = (text: string) => [
  ...Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]),
  [...text],
];

describe('the event-stream parser (text/event-stream)', () => {
  it('reads the event type and its data, and a blank line dispatches it', () => {
    expect(parse(['event: receipts\ndata: {"topic":"receipts"}\n\n']).events).toEqual([
      { type: 'receipts', data: '{"topic":"receipts"}', lastEventId: '' },
    ]);
  });

  it("joins multi-line data with '\\n' and calls an event without a type 'message'", () => {
    expect(parse(['data: one\ndata:two\ndata\n\n']).events).toEqual([
      { type: 'message', data: 'one\ntwo\n', lastEventId: '' },
    ]);
  });

  it('drops one space after the colon only, and reads a field without a colon as empty', () => {
    expect(parse(['data:  two spaces\n\ndata\n\n']).events.map((e) => e.data)).toEqual([' two spaces', '']);
  });

  it('ignores comments, unknown fields and blank lines without data; the type does not carry over', () => {
    const { events } = parse([': live\n\n: ping\n\nevent: plan\nfoo: bar\n\ndata: x\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'x', lastEventId: '' }]);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('ends lines with %s', (_name, eol) => {
    const text = `event: a${eol}data: 1${eol}${eol}data: 2${eol}${eol}`;
    expect(parse([text]).events.map((e) => [e.type, e.data])).toEqual([
      ['a', '1'],
      ['message', '2'],
    ]);
  });

  it('gives the same events however the chunks split the text (mid-line, between CR and LF)', () => {
    const text =
      'id: 7\r\nevent: receipts\r\ndata: {"a":1}\r\ndata: {"b":2}\r\n\r\n: ping\r\n\r\nretry: 5000\r\ndata: é\r\n\r\n';
    const whole = parse([text]);
    expect(whole.events).toHaveLength(2);
    for (const chunks of splits(text)) {
      expect(parse(chunks)).toEqual(whole);
    }
  });

  it('keeps the last id across events, and an id without a NUL only', () => {
    const { events, ids } = parse(['id: 1\ndata: a\n\ndata: b\n\nid: 2\0x\ndata: c\n\nid\ndata: d\n\n']);
    expect(events.map((e) => e.lastEventId)).toEqual(['1', '1', '1', '']);
    expect(ids).toEqual(['1', '1', '1', '']);
  });

  it('resumes from the id it was given', () => {
    expect(parse(['data: a\n\n'], '41').events[0]!.lastEventId).toBe('41');
  });

  it('reports retry: with digits only', () => {
    expect(parse(['retry: 5000\n\nretry: 5s\nretry: -1\nretry: 250\n']).retries).toEqual([5000, 250]);
  });

  it('never dispatches an event the stream cut off', () => {
    expect(parse(['data: whole\n\ndata: cut']).events.map((e) => e.data)).toEqual(['whole']);
    expect(parse(['data: cut\n']).events).toEqual([]);
  });
});
