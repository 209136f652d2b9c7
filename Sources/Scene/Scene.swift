/// The scene: camera, rasterizer, canvas, hit testing (issue 4).
import Polycube
