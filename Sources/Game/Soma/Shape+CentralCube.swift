import Polycube

extension Shape {
    /// The index of the cube nearest the shape's centre of mass (the first of equals): the cube a
    /// piece turns about.
    var centralCube: Int {
        let n = Double(cells.count)
        let cx = Double(cells.map(\.x).reduce(0, +)) / n
        let cy = Double(cells.map(\.y).reduce(0, +)) / n
        let cz = Double(cells.map(\.z).reduce(0, +)) / n
        func d(_ c: Cell) -> Double {
            let dx = Double(c.x) - cx, dy = Double(c.y) - cy, dz = Double(c.z) - cz
            return dx * dx + dy * dy + dz * dz
        }
        return cells.indices.min { d(cells[$0]) < d(cells[$1]) } ?? 0
    }
}
