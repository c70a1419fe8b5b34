package american

import "github.com/mjref/mjref/family"

// Shape: an American result is the card line matched, its value and the jokers it stands on.
func (Family) Shape() family.Shape {
	return family.Shape{Unit: "value", Total: "value", Items: "items", ItemValue: "value", ItemUnit: "value",
		Facts: []family.Fact{{Path: "line", Word: "line"}, {Path: "section", Word: "section"}, {Path: "reading.hand", Word: "reading"},
			{Path: "reading.jokers", Word: "jokers"}, {Path: "jokerless_bonus", Word: "jokerless"}, {Path: "concealed_line", Word: "concealedLine"}}}
}
