package rulesets_test

import (
	"fmt"

	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/rulesets"
)

// Load a built-in ruleset with a house override, as --rules hk --set cap=13 does.
func ExampleLoad() {
	rs, err := rulesets.Load("hk", "cap=13")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rs.Name, rs.Family, "minimum", hongkong.Rules(rs).MinFaan, "cap", hongkong.Rules(rs).Cap)
	// Output:
	// hk hk minimum 3 cap 13
}

// The built-in rulesets a table can start from (or extend in its own YAML), the default first and
// then the rest of its family; the other families' follow.
func ExampleBuiltins() {
	builtins := rulesets.Builtins()
	for _, info := range builtins {
		if info.Family == builtins[0].Family {
			fmt.Println(info.Name, info.Family)
		}
	}
	// Output:
	// hk hk
	// hk-oldstyle hk
	// hk-table hk
}
