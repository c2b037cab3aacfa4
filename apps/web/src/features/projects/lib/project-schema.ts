/** The contract's project schemas on their own, for the forms' lazily loaded validation. */
export { projectApplyBody, projectBody } from '@moim/contract';
