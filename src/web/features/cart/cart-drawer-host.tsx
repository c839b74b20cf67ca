import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { paths } from '#shared/paths.ts';
import { type CartAdded, subscribeCartAdded } from './cart-store.ts';

// Its own chunk, fetched on the first add: no first page carries the drawer's code or styles.
const CartDrawer = lazy(async () => ({ default: (await import('./cart-drawer.tsx')).CartDrawer }));

type Shown = { added: CartAdded & { serial: number }; at: string | null };

/**
 * Opens the cart drawer after every add, wherever it was made: the cart store announces adds, callers know
 * nothing of the drawer. The drawer belongs to the page where the add happened: an add followed by a
 * navigation ('Comprar Agora' goes to the cart) opens nothing, and any navigation closes it.
 */
export function CartDrawerHost() {
  const location = useLocation();
  const navigating = useNavigation().state !== 'idle';
  const [shown, setShown] = useState<Shown | null>(null);
  const locationKey = useRef(location.key);
  const serial = useRef(0);

  useEffect(() => {
    locationKey.current = location.key;
  }, [location.key]);

  useEffect(
    () =>
      subscribeCartAdded((added) => {
        serial.current += 1;
        setShown({ added: { ...added, serial: serial.current }, at: locationKey.current });
      }),
    [],
  );

  const onClose = useCallback(() => setShown((now) => (now && now.at !== null ? { ...now, at: null } : now)), []);

  if (!shown) return null;
  const onCartScreens = location.pathname === paths.cart || location.pathname.startsWith(paths.checkout);
  const open = shown.at === location.key && !navigating && !onCartScreens;
  return (
    <Suspense fallback={null}>
      <CartDrawer added={shown.added} open={open} onClose={onClose} />
    </Suspense>
  );
}
