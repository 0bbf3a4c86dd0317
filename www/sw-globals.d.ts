// For tsc (make test-types) only: no script loads this file. workbox-build replaces
// `self.__WB_MANIFEST` in www/service-worker.js with the list of files and revisions.

interface WorkerGlobalScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
}
