import { Link } from 'react-router';
import { ExternalLink, Heart } from 'lucide-react';
import { PRODUCT_NAME, TAGLINE } from '../../../common/product-copy.js';
import { paths } from '../../app/paths.js';
import { Logo } from './logo.js';

export const SOCIAL_URL = 'https://www.instagram.com/littleloop';
export const GEONAMES_URL = 'https://www.geonames.org/';
const CC_BY_URL = 'https://creativecommons.org/licenses/by/4.0/';

const currentYear = new Date().getFullYear();

const linkClasses =
  'inline-flex min-h-11 items-center rounded-control text-ink-700 underline-offset-4 hover:text-primary-800 hover:underline';

/**
 * PRODUCT §2 landing footer. Visitors' "Browse Items" goes to /auth as PRODUCT says; a signed-in
 * user's goes straight to /browse, since /auth would only bounce them home.
 */
export function Footer({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <footer className="mt-16 border-t border-ink-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="grid content-start gap-3 lg:col-span-2">
          <Logo />
          <p className="max-w-sm text-ink-600">{TAGLINE}</p>
        </div>
        <nav aria-label="Explore">
          <h2 className="mb-1 text-sm font-black tracking-wider text-ink-500 uppercase">Explore</h2>
          <ul>
            <li>
              <Link to={signedIn ? paths.browse : paths.auth} className={linkClasses}>
                Browse Items
              </Link>
            </li>
            <li>
              <Link to={paths.safetyGuide} className={linkClasses}>
                Safety Guide
              </Link>
            </li>
            <li>
              <Link to={paths.whoWeAre} className={linkClasses}>
                Our Story
              </Link>
            </li>
            <li>
              <Link to={paths.helpCenter} className={linkClasses}>
                Help Center
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal and social">
          <h2 className="mb-1 text-sm font-black tracking-wider text-ink-500 uppercase">Legal</h2>
          <ul>
            <li>
              <Link to={paths.legal} className={linkClasses}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={paths.legal} className={linkClasses}>
                Terms of Service
              </Link>
            </li>
            <li>
              <a
                href={SOCIAL_URL}
                target="_blank"
                rel="noopener noreferrer"
                className={`${linkClasses} gap-1.5`}
              >
                Follow us on Instagram
                <ExternalLink className="size-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-ink-100">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 text-sm text-ink-600 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {currentYear} {PRODUCT_NAME}. All rights reserved.
          </p>
          <p className="inline-flex items-center gap-1">
            Designed and developed with
            <Heart className="size-4 fill-accent-500 text-accent-500" role="img" aria-label="love" />
            by {/* PRODUCT §2: the developer credit is a link; the team and its story are on Our Story. */}
            <Link
              to={paths.whoWeAre}
              className="font-semibold text-ink-700 underline underline-offset-2 hover:text-primary-800"
            >
              the {PRODUCT_NAME} team
            </Link>
            .
          </p>
        </div>
        {/* CC BY 4.0 requires the credit: place search uses GeoNames' towns. */}
        <p className="mx-auto max-w-6xl px-4 pb-4 text-sm text-ink-600 sm:px-6">
          Place data ©{' '}
          <a
            href={GEONAMES_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-ink-700 underline underline-offset-2 hover:text-primary-800"
          >
            GeoNames
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          (
          <a
            href={CC_BY_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-2 hover:text-primary-800"
          >
            CC BY 4.0
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          )
        </p>
      </div>
    </footer>
  );
}
