import { useCallback, useEffect, useState } from 'react';
import { addLine, cartKey, loadCart, removeLine, saveCart, setQuantity, type AddInput, type CartLine } from './cart';

/** The cart of one store, persisted on every change and kept in step with other tabs. */
export function useCart(slug: string) {
  const [lines, setLines] = useState<CartLine[]>(() => loadCart(slug));

  useEffect(() => {
    setLines(loadCart(slug));
    const onStorage = (event: StorageEvent) => {
      if (event.key === cartKey(slug)) setLines(loadCart(slug));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [slug]);

  const update = useCallback(
    (change: (current: CartLine[]) => CartLine[]) => {
      setLines((current) => {
        const next = change(current);
        saveCart(slug, next);
        return next;
      });
    },
    [slug],
  );

  return {
    lines,
    add: useCallback((input: AddInput) => update((l) => addLine(l, input)), [update]),
    setQuantity: useCallback((key: string, quantity: number) => update((l) => setQuantity(l, key, quantity)), [update]),
    remove: useCallback((key: string) => update((l) => removeLine(l, key)), [update]),
    clear: useCallback(() => update(() => []), [update]),
  };
}
export type CartApi = ReturnType<typeof useCart>;
