// Package riichi scores riichi (Japanese) mahjong hands: every reading of a hand (four sets and a pair, seven
// pairs, thirteen orphans), every yaku and yakuman of Tenhou's rules, dora, fu item by item, and han and fu to
// points under a preset's Options. It stands alone: tiles are small integers, a hand is an array of counts, and
// the hot path (Score) allocates nothing.
//
// The API is three calls: Score (the best reading of a hand in a Situation), Readings (every reading, for an
// explanation) and Points (han and fu to payments, for a recorded win).
package riichi
