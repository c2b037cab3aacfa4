/**
 * The home page's intro section tells the header where it ends: the header is part of the page
 * over the intro and becomes fixed once the intro has scrolled out of view (SPEC §1).
 */
import { createContext, useContext } from 'react';

export type IntroRef = (el: HTMLElement | null) => void;
export const IntroContext = createContext<IntroRef>(() => undefined);
/** Put the returned callback ref on the intro section. */
export const useIntroRef = () => useContext(IntroContext);
