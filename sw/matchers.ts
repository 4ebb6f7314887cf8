/** Which requests each strategy serves. Only same-origin GETs are ever cached. */
type Match = (options: { url: URL; request: Request }) => boolean;

const CONTENT = /^\/api\/(getSiteConfig|getSetting|menu|faq|aboutus|contactus|operational_compliance|currency\/list|news\/(list|detail|index_pop))$/;
const MARKET = /^\/api\/currency\/(quotation_new|new_timeshar)$/;
const PRIVATE = /^\/api\/(user\/info|wallet\/|user\/withdraw\/list|user\/getTransferList|recharge\/log|optional\/list|coin\/list|lever\/my_trade|microtrade\/lists|lh\/deposit\/(?:config|order)$)/;

const IMAGE_FILE = /\.(svg|png|jpe?g|webp|avif|gif)$/;

const sameOriginGet = (url: URL, request: Request) => url.origin === self.location.origin && request.method === 'GET';

export const isContent: Match = ({ url, request }) => sameOriginGet(url, request) && CONTENT.test(url.pathname);
export const isMarket: Match = ({ url, request }) => sameOriginGet(url, request) && MARKET.test(url.pathname);
export const isPrivate: Match = ({ url, request }) =>
  sameOriginGet(url, request) && PRIVATE.test(url.pathname) && request.headers.has('Authorization');
/**
 * An image a page loads, or one the page asks the worker to keep (CACHE_URLS: a request with no
 * destination). Never one fetched with the session token: that is a private upload (an identity
 * document, served no-store), and the image cache outlives the session.
 */
export const isImage: Match = ({ url, request }) =>
  sameOriginGet(url, request) && !request.headers.has('Authorization') &&
  (request.destination === 'image' || (request.destination === '' && IMAGE_FILE.test(url.pathname)));
export const isLocaleChunk: Match = ({ url, request }) => sameOriginGet(url, request) && /\/assets\/locale-[^/]+\.js$/.test(url.pathname);
/** Content-hashed build files the precache left out (the chart library): never stale once cached. */
export const isLazyAsset: Match = ({ url, request }) =>
  sameOriginGet(url, request) && /\/assets\/[^/]+\.(js|css)$/.test(url.pathname) && !/\/assets\/locale-/.test(url.pathname);
