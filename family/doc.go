// Package family is the contract between mjref's engine and its rule families (Hong Kong,
// American, DeBurger): one Family value per family, registered once, and the Rules it binds to a
// ruleset. The engine (package engine) runs every use case, score, settle, referee, claim, waits,
// closest and the ledger, and asks the bound rules only what the family knows: Rules is the core
// every family answers (score a parsed hand in a parsed situation, value the result for the table,
// say which request fields it reads), and what only some families do is a capability found by type
// assertion: Waiter, CardPlayer, TableSettler and Warner here, and in the engine those whose types
// belong to the referee and the ledger (engine.Refereed, a flow of play; engine.Claimer;
// engine.Scorekeeper, a ledger's part, with engine.WinRecorder or engine.TableRecorder). A family
// writes no refusal stub: the engine refuses what a family cannot do.
//
// A family is one package (and, if it wants one, a scorer package of its own) plus one line in
// engine/families.go:
//
//	var families = []family.Family{hongkong.Family{}, deburger.Family{}, american.Family{}, riichi.Family{}}
//
// The package implements Family and the core of Rules (Ruleset, Family, Score, Worth, Takes: see
// the package example, example_test.go, which registers a fourth family and scores a hand through
// the engine), and what else it plays as capabilities. Its rulesets' section and built-in rulesets
// register with the family (Sectioned: rulesets.Section), so nothing of the family is written in
// package rulesets; its JSON documents are described by the schema generator from Documented; its
// own flow of play is a referee.Flow in the Deps its RefereeDeps returns.
//
// Errors: a family returns *Error (Usagef, WithHint) for bad input, so every front end maps it
// to the same exit status or HTTP status; scoring.ErrNotWinning and friends pass through.
package family
