package engine

import (
	"slices"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/american"
	"github.com/mjref/mjref/family/deburger"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/family/riichi"
	"github.com/mjref/mjref/rulesets"
)

// families are the rule families mjref plays, in the order documents list them. A new family is
// one package implementing family.Family (see family/doc.go) and one entry here.
var families = []family.Family{hongkong.Family{}, deburger.Family{}, american.Family{}, riichi.Family{}}

// Registered on first use, not at start: registering checks each family's sections, situation
// fields and win words, which mjref version, completion and help never need.
func init() { family.RegisterOnFirstUse(func() []family.Family { return families }) }

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

// Documents are a value of each family's result type for the JSON document doc ("score",
// "settle"), in the order of families, and the titles of the families that have one: what the schema
// generator describes.
func Documents(doc string) (values []any, titles []string) {
	for _, f := range families {
		d, ok := f.(family.Documented)
		if !ok {
			continue
		}
		if v, ok := d.Documents()[doc]; ok {
			values, titles = append(values, v), append(titles, f.Title())
		}
	}
	return values, titles
}

// Families are the rule families mjref plays, in the order documents list them.
func Families() []family.Family { return slices.Clone(families) }
