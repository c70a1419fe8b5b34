// Package family is what every rule family (Hong Kong, American, DeBurger) is to the rest of
// mjref: one Family value per family, registered once, and the Rules it binds to a ruleset. The
// commands, the server and the engine call these interfaces and render what they return; none of
// them names a family.
//
// A family is one package that implements Family and Rules. A fourth family is that package plus
// one line in engine/families.go. A skeleton:
//
//	package riichi
//
//	type Family struct{}
//
//	func (Family) ID() string    { return "riichi" } // the ruleset's family: key
//	func (Family) Title() string { return "Riichi" }
//	func (Family) Notation() notation.Options { return notation.Options{} }
//
//	func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
//		return &rules{rs: rs}, nil
//	}
//
//	type rules struct{ rs *rulesets.Ruleset }
//
//	func (r *rules) Ruleset() *rulesets.Ruleset          { return r.rs }
//	func (r *rules) Family() family.Family      { return Family{} }
//	func (r *rules) Score(h *notation.Hand, req family.ScoreRequest) (family.Scored, error) { ... }
//	// ... and the other methods of family.Rules; one the family cannot do refuses with a
//	// *family.Error saying so (see family/hongkong/closest.go).
//
// and in engine/families.go:
//
//	var families = []family.Family{hongkong.Family{}, american.Family{}, deburger.Family{}, riichi.Family{}}
//
// The rulesets package loads the ruleset's own section (see rulesets.Ruleset); a new family adds its
// section type there too.
//
// Errors: a family returns *Error (Usagef, WithHint) for bad input, so every front end maps it
// to the same exit status or HTTP status; scoring.ErrNotWinning and friends pass through.
package family
