// Async boundary: the federation runtime negotiates shared singletons before any app code runs
// (a synchronous entry fails with RUNTIME-006).
import('./bootstrap');
