import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../common/product-copy.js';

/** Names the browser tab after the screen, so history and screen readers say where you are. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
