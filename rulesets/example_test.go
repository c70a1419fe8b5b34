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

// The built-in rulesets a table can start from (or extend in its own YAML), the default first.
func ExampleBuiltins() {
	for _, info := range rulesets.Builtins() {
		fmt.Println(info.Name, info.Family)
	}
	// Output:
	// hk hk
	// hk-oldstyle hk
	// hk-table hk
	// american american
	// deburger-2026 deburger
	// riichi riichi
	// riichi-ema riichi
	// riichi-majsoul riichi
	// riichi-mleague riichi
	// riichi-sanma riichi
	// riichi-sanma-majsoul riichi
	// riichi-wrc riichi
}
