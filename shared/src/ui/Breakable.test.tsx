import { render } from '@testing-library/react';
import { Breakable, breakParts } from './Breakable';

describe('Breakable', () => {
  it('breaks an e-mail address and a link where a reader expects, never inside a word', () => {
    expect(breakParts('lucia@cornermarket.test')).toEqual(['lucia@', 'cornermarket', '.test']);
    expect(breakParts('https://pos.example.com/ordering/corner-market')).toEqual([
      'https://',
      'pos',
      '.example',
      '.com/',
      'ordering/',
      'corner-market',
    ]);
    expect(breakParts('plain')).toEqual(['plain']);
  });

  it('keeps the text as it is for copying and reading, with break opportunities between the parts', () => {
    const { container } = render(
      <p>
        <Breakable text="lucia@cornermarket.test" />
      </p>,
    );
    expect(container.textContent).toBe('lucia@cornermarket.test');
    expect(container.innerHTML).toBe('<p>lucia@<wbr>cornermarket<wbr>.test</p>');
  });
});
