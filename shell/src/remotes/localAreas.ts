import { createContext, useContext, type ComponentType } from 'react';

/** Areas a standalone remote renders from its own code instead of through the federation. */
const LocalAreasContext = createContext<Record<string, ComponentType>>({});
export const LocalAreasProvider = LocalAreasContext.Provider;
export const useLocalArea = (name: string): ComponentType | undefined => useContext(LocalAreasContext)[name];
