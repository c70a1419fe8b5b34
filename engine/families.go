package engine

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/family/riichi"
	"github.com/mjref/mjref/rulesets"
)

// families are the rule families mjref plays. A new family is one package implementing
// family.Family and one entry here.
var families = []family.Family{hongkong.Family{}, american.Family{}, deburger.Family{}, riichi.Family{}}

func init() {
	for _, f := range families {
		family.Register(f)
	}
}

// familyPlays says whether f's rules, bound to the first of its built-in rulesets, satisfy has: for a
// message naming the families that do something (rule on claims).
func familyPlays(f family.Family, has func(family.Rules) bool) bool {
	for _, info := range rulesets.Builtins() {
		if info.Family != f.ID() {
			continue
		}
		rs, err := rulesets.Load(info.Name)
		if err != nil {
			continue
		}
		r, err := f.Bind(rs, family.BindOptions{})
		if err != nil {
			continue
		}
		return has(r)
	}
	return false
}
