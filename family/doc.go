// Package family is the contract between mjref's engine and its rule families (Hong Kong,
// American, DeBurger, riichi): one Family value per family, registered once, and the Rules it binds
// to a ruleset. The engine (package engine) runs every use case, score, settle, referee, claim,
// waits, closest and the ledger, and asks the bound rules only what the family knows: Rules is the
// core every family answers (score a parsed hand in a parsed situation, value the result for the
// table, say which request fields it reads), and what only some families do is a capability found
// by type assertion: Waiter, CardPlayer, TableSettler, Warner, WinChecker and GameReader here, and
// in the engine those whose types belong to the referee and the ledger (engine.Refereed, a flow of
// play; engine.Claimer; engine.Scorekeeper, a ledger's part, with engine.WinRecorder or
// engine.TableRecorder). A family writes no refusal stub: the engine refuses what a family cannot
// do. The package imports no use case: not the engine, the referee's replay or the ledger.
//
// # Adding a family
//
// A family is one package (and, if it wants one, a scorer package of its own) plus one line in
// engine/families.go, the entry in the list of families (with its import):
//
//	var families = []family.Family{hongkong.Family{}, deburger.Family{}, american.Family{}, riichi.Family{}, toy.Family{}}
//
// The package holds:
//
//   - a Family (ID, the family: key of its rulesets; Title; Notation; Bind);
//   - the Rules Bind returns: Ruleset, Family, Score, Worth and Takes (its takes-table: the
//     request fields of settle and the ledger it does not read, with what to give instead);
//   - its rulesets' section and built-in rulesets, from Sectioned (rulesets.Section: the key, a New
//     for the Go value the YAML decodes into, an fs.FS of NAME.yaml files, usually go:embed, and
//     the hooks Decoded, Prepare and Finish for what the section does with the rest of the ruleset:
//     Prep.Keep for what a hook loads beside it, as American's card); the family reads its section
//     back with rulesets.SectionOf (hongkong.Rules, american.Rules, deburger.Rules wrap it);
//   - if its built-ins should load without parsing YAML at start-up, their snapshot: the line
//     //go:generate go run -tags mjref_nosnapshot ../../internal/snapshot, a snapshot_none.go
//     declaring var snapshots *rulesets.Snapshots under the build tag mjref_nosnapshot, and
//     Snapshots: snapshots in its Section; go generate writes snapshot_gen.go, and engine's
//     TestSnapshotsCurrent checks every family's against its YAML;
//   - the shape of its score document for the page, from Shaped (the catalog refuses a family
//     without one), and sample hands for each of its built-in rulesets, from Sampled (engine's
//     TestEveryBuiltinEveryDoor plays each through every door);
//   - the situation fields it reads beyond the seats and the win, from SituationTaker (a
//     SituationField each: its flag's name, kind and usage), and its own words for how a hand was
//     won, from WinNamer: mjref score offers them as flags and a score request's JSON as fields,
//     the engine refuses them under any other family, and Score reads them from Situation.Extra;
//   - if it plays only some of the win kinds, a WinChecker: the engine asks it where a win is
//     given without a hand to score, as its scorer refuses them when a hand is scored;
//   - the capabilities it plays (Waiter, a flow of play as a referee.Flow in the Deps its
//     RefereeDeps returns, ...), and the example values of its JSON documents, from Documented.
//
// Nothing of the family is written in package rulesets, cmd, server or schema, and no test
// outside its package lists it: they ask the registry. What changes besides is generated. A
// throwaway fifth family "tiny" that pays a point for each set of three alike, with one built-in
// ruleset, snapshotted (a scratch copy, never committed), touched by hand its package (tiny.go,
// 99 lines; builtin/tiny.yaml, 5; snapshot_none.go, 8) and engine/families.go (2 lines: the
// import and the entry); generated:
//
//   - go generate in its package: snapshot_gen.go (31 lines);
//   - go generate ./schema: seven schemas (the family enum of rules-list, rules-show,
//     rules-check, ledger-record, ledger-show, referee and season, and the new section in
//     rules-show: 25 lines added, 7 removed);
//   - UPDATE_README=1 go test . -run TestREADME: the README's mjref rules list (5 lines);
//   - a family with situation fields also has go test ./server -run TestRequestSchemas -update
//     rewrite server/requests.json, and one with a Documented result schema/score.json.
//
// One expected output names every family on purpose and changes with a new one: the message for
// an unknown family: key ("expected hk, american, deburger or riichi", cmd/testdata/script/
// ruleset_paths.txtar).
//
// The package example (example_test.go) registers a throwaway fourth family and scores a hand
// through the engine.
//
// Errors: a family returns *Error (Usagef, Fieldf, WithHint) for bad input, so every front end maps
// it to the same exit status or HTTP status; scoring.ErrNotWinning and friends pass through. A
// message that names a request field does it with Field (Fieldf, FieldError), so each door words
// it its own way: --seat on the command line, "seat" in an HTTP answer.
package family
