package hongkong

import "github.com/mjref/mjref/family"

// Samples are sample hands for the built-in rulesets.
func (Family) Samples() map[string]family.Samples {
	s := family.Samples{Win: "123m456p789s111z55z", NotWin: "123m456p789s12345z", Ready: "123m456p789s11z45s"}
	return map[string]family.Samples{"hk": s, "hk-oldstyle": s, "hk-table": s}
}
