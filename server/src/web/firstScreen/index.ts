// The storefront's first screen as HTML, from the visitor's ordering release (its server build).
export {
  FirstScreens,
  injectFirstScreen,
  RENDER_BUDGET_MS,
  type FirstScreen,
  type FirstScreenInput,
} from './firstScreens';
export { InlineStyles, hostedFile } from './inlineStyles';
