package riichi

import "github.com/mjref/mjref/family"

// Samples are sample hands for the built-in rulesets.
func (Family) Samples() map[string]family.Samples {
	four := family.Samples{Win: "234m23p456p678s99s+1p", NotWin: "123m456p789s12345z", Ready: "234m23p456p678s99s"}
	three := family.Samples{Win: "111m999m123p456s7z+7z", NotWin: "19m456p789s123456z", Ready: "111m999m123p456s7z"}
	return map[string]family.Samples{"riichi": four, "riichi-wrc": four, "riichi-ema": four, "riichi-mleague": four,
		"riichi-majsoul": four, "riichi-sanma": three, "riichi-sanma-majsoul": three}
}
