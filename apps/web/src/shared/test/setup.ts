/**
 * Runs before every web test file. `findBy…` and `waitFor` wait up to 5 s instead of Testing
 * Library's 1 s: a first render that loads a lazy page and its strings can take longer than 1 s
 * when the whole suite runs in parallel on a busy machine (seen: 1.7 s). This bounds a wait; it
 * asserts no timing.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
