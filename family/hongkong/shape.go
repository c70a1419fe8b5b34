package hongkong

import "github.com/mjref/mjref/family"

// Shape: a Hong Kong result is its faan, item by item.
func (Family) Shape() family.Shape {
	return family.Shape{Unit: "faan", Total: "total", Items: "items", ItemValue: "value", ItemUnit: "faan",
		Facts: []family.Fact{{Path: "limit", Word: "limit"}, {Path: "note", Word: "note"}}}
}
