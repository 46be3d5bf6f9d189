// The register simulator's generator (React-free; the server's demo seed and the simulator tool use it).
export { SimulatedRegister, createRandom, uuidFrom } from './register';
export type { RegisterOptions, SimConfig } from './register';
