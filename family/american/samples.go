package american

import "github.com/mjref/mjref/family"

// Samples are sample hands for the built-in rulesets.
func (Family) Samples() map[string]family.Samples {
	return map[string]family.Samples{"american": {Win: "NN 2026m SS 666p 666s", NotWin: "NN 2026m SS 666p 135s", Ready: "NN 2026m SS 666p 66s"}}
}
