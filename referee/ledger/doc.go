// Package ledger keeps the score of an evening at one table: an append-only JSON Lines record of
// events (the game's header, each hand with its inputs and deltas, undos) that is flushed to disk
// per event, locked against a second writer, and replayed from scratch to give the standings, the
// dealer, the seat winds and the prevailing wind. The flow of the game (who deals next, when the
// prevailing wind moves on, when the game ends) is data: a Flow that rulesets carry.
//
// The record, one JSON object a line, each with a consecutive "seq" from 1:
//
//	{"seq":1,"event":"new","time":"…","version":1,"players":["Ann","Ben","Cat","Dan"],"ruleset":"hk","family":"hk","flow":{…}}
//	{"seq":2,"event":"hand","time":"…","number":1,"dealer":"Ann","hand":{"winner":"Ann","win":"self-draw","faan":3},"deltas":[12,-4,-4,-4]}
//	{"seq":3,"event":"undo","time":"…","undoes":2}
//
// Players are listed in seat order for the first hand (the first is East and deals first); deltas
// are in the order of the players. A line is committed once its newline is on disk: an incomplete
// last line is an interrupted write, reported and kept aside in FILE.torn by the next writer.
// Any other damage (bad JSON, an unknown key, a missing or moved line, deltas that do not add up,
// an undo of the wrong hand) is a *RecordError naming the line.
package ledger
