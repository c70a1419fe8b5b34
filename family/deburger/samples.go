package deburger

import "github.com/mjref/mjref/family"

// Samples are sample hands for the built-in rulesets.
func (Family) Samples() map[string]family.Samples {
	return map[string]family.Samples{"deburger-2026": {Win: "123m456m789p111z55s", NotWin: "123m456p789s12345z", Ready: "123m456p789s11z45s"}}
}
