package riichi

import "github.com/mjref/mjref/family"

// Shape: a riichi result is its points, from the yaku's han and the fu.
func (Family) Shape() family.Shape {
	return family.Shape{Unit: "points", Total: "points.total", Items: "yaku", ItemValue: "han", ItemUnit: "han",
		Facts: []family.Fact{{Path: "han", Word: "han"}, {Path: "fu", Word: "fu"}, {Path: "limit", Word: "limit"}, {Path: "wait", Word: "wait"},
			{Path: "dora", Word: "dora"}, {Path: "ura", Word: "ura"}, {Path: "aka", Word: "aka"}, {Path: "points.ron", Word: "ron"},
			{Path: "points.tsumo_dealer", Word: "tsumoDealer"}, {Path: "points.tsumo_other", Word: "tsumoOther"}}}
}
