/** The service API key the e2e server accepts for service calls such as POST /services/ioe/data-change. */
export const E2E_SERVICE_API_KEY = process.env.SERVICE_API_KEY ?? 'e2e-service-key-0123456789abcdef';
