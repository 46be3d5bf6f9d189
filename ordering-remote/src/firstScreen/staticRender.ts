import { createContext, useContext } from 'react';

/**
 * True in the server's first screen: its controls are rendered disabled, so a tap before the app takes
 * over is not silently lost (the app's own, enabled, replace them in place); links and the hours'
 * <details> work without a script and stay as they are.
 */
export const StaticRender = createContext(false);

export const useStaticRender = (): boolean => useContext(StaticRender);
