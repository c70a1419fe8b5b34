package hongkong

import (
	"fmt"

	"github.com/mjref/mjref/family"
)

// Closer refuses: closest ranks the lines of an American card, and this family plays none.
func (r *rules) Closer(family.ClosestRequest) (func(string) (*family.ClosestView, error), error) {
	return nil, family.WithHint(fmt.Errorf("closest ranks the lines of an American card: ruleset %s is of the %s family", r.rs.Name, r.rs.Family),
		"use --rules american (or an American ruleset file)")
}
