export { isPublicAddress } from './address-policy';
export { guardedFetch } from './guarded-fetch';
export { OutgoingBlockedError, OutgoingLookupError, resolvePublicAddress, type LookupAll, type OutgoingPolicy } from './resolve-public-address';
export { serverConfiguredFetch } from './server-configured-fetch';
export { withUniformFailureTime } from './uniform-failure';
export { sendOverGuardedSocket, type GuardedSocketTarget } from './guarded-socket';
