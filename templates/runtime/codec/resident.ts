/**
 * Objects kept for as long as the runtime is loaded, one of each class that every call makes a fresh instance of.
 *
 * Why: the fields of a class give its instances a chain of hidden classes (maps) that V8 holds only weakly. A full
 * garbage collection at a moment when no instance is alive drops them, and with them the optimized code of every
 * function that was built for them; the calls after it run unoptimized until V8 has built that code again. Measured
 * on the bench's small in-process call, which collects in full before each batch: half again as long per call
 * without these. One small instance of each keeps the maps, so a collection between calls costs them nothing.
 */
const KEPT: object[] = [];

/**
 * Keeps `instance` (a small one, made for this) alive, and with it the maps of its class.
 * @param instance - an instance of a class made per call
 */
export function keepResident(instance: object): void {
  KEPT.push(instance);
}
