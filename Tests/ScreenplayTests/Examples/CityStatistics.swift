import ScreenplayDSL

/// The Tutu write-up's coronavirus statistics, as its Kotlin DSL wrote them, in Screenplay's Swift DSL.
struct City {
    struct Day {
        let dayOfWeek: String
        let infected: Int
    }

    let name: String
    let img: String
    let stat: [Day]
    let desc: String
}

let lightBlue: Color = "#e3f2fd"

func cityCard(_ city: City) -> Node {
    HStack {
        VStack {
            Image(city.img, width: 100, height: 100).accessibilityLabel(city.name)
        }
        VStack(alignment: .leading, spacing: 4) {
            Text("Coronavirus statistics", size: 15)
            HStack(alignment: .bottom, spacing: 4) {
                for day in city.stat {
                    VStack {
                        Text(String(day.infected), size: 14)
                        let normalized = Double(day.infected) / 1000
                        let red = Int(255 * normalized)
                        let green = 255 - red
                        let height = (60 * normalized).rounded()
                        Rectangle(width: 20, height: height, color: Color(red: red, green: green, blue: 0))
                        Text(day.dayOfWeek, size: 16)
                    }
                }
            }
            Text(city.desc, size: 16)
        }
    }
    .background(lightBlue)
    .padding(12)
    .id("city.\(city.name.lowercased())")
}

func citiesScreen(_ cities: [City], query: String = "") -> Screen {
    Screen(
        id: "cities", title: "Statistics", state: ["city": .string(query)], cache: CacheHints(maxAge: 60), stream: "/screens/cities/stream"
    ) {
        Scroll {
            VStack(spacing: 16) {
                HStack(spacing: 8) {
                    TextField(key: "city", placeholder: "Filter by city").id("city-filter")
                    Button("Refresh", action: .intent("refresh")).id("refresh")
                }
                for city in cities where query.isEmpty || city.name.localizedLowercase.contains(query.localizedLowercase) {
                    cityCard(city)
                }
            }
            .padding(16)
        }
    }
}

let exampleCities: [City] = {
    let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    func week(_ counts: [Int]) -> [City.Day] { zip(weekdays, counts).map { City.Day(dayOfWeek: $0, infected: $1) } }
    return [
        City(
            name: "Moscow", img: "https://images.example.com/cities/moscow.jpg", stat: week([812, 640, 733, 905, 990, 455, 310]),
            desc: "Masks are required on public transport. Museums are open at half capacity."),
        City(
            name: "Saint Petersburg", img: "https://images.example.com/cities/spb.jpg", stat: week([350, 420, 515, 610, 580, 300, 150]),
            desc: "Restaurants close at 23:00. Theatres are open with seating gaps."),
        City(
            name: "Vladivostok", img: "https://images.example.com/cities/vladivostok.jpg", stat: week([120, 180, 100, 240, 210, 160, 130]),
            desc: "No restrictions beyond masks in hospitals."),
    ]
}()
