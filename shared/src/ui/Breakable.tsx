import { Fragment } from 'react';

/*
 * An e-mail address or a link that may not fit its box: it wraps after "@" and "/" and before
 * "." and "?" (where a reader expects it: "lucia@" / "cornermarket.test"), never inside a word,
 * unless one part alone is wider than the box (the CSS `overflow-wrap: anywhere` around it).
 */

/** The parts of `text` between its natural break points (joined, they are `text` again). */
export function breakParts(text: string): string[] {
  return text.split(/(?<=[@/])(?=[^/])|(?<=[^/.])(?=[.?])/).filter(Boolean);
}

export function Breakable({ text }: { text: string }) {
  return (
    <>
      {breakParts(text).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
