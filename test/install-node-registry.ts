// The node catalogue for a test file that plans workflows or lists node types without starting
// the app (the test stack's startAtelier installs it otherwise): src/ never imports nodes/, so the
// composition root installs it — here, imported for its effect.
import { nodeRegistry } from '../nodes/index';
import { installNodeRegistry } from '../src/engine/catalogue/node-registry';

installNodeRegistry(nodeRegistry);
