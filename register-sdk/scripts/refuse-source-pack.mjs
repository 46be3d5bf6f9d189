// In the repository the package points at its TypeScript sources: packing it as it stands would
// publish a package node cannot run. The built package is packed from dist/ instead.
console.error('Pack the built package: npm run pack -w @hive/register-sdk (it builds dist/ and packs that).');
process.exit(1);
