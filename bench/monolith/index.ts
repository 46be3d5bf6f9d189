// Monolith entry (benchmarks only, tools/webpack/monolith.config.cjs): the same shell, with the three
// remotes' `./App` imported directly instead of through Module Federation. Each area is its own
// lazily loaded chunk, as a well-split single-page app would do it, so the comparison with the
// federated build measures federation and not the absence of code splitting.
import('./bootstrap');
