package deburger

import "github.com/mjref/mjref/family"

// Shape: a DeBurger result is the hand's points, item by item, for the winner and every non-winner.
func (Family) Shape() family.Shape {
	return family.Shape{Unit: "points", Total: "total", Items: "items", ItemValue: "value", ItemUnit: "points",
		Facts: []family.Fact{{Path: "reading", Word: "reading"}}}
}
