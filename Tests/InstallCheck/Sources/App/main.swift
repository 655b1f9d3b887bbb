import WeatherWiring
import ATMLib
import BankNetwork
import BillScanner
import CCurl
import FakeNetwork
import Network
import Wiring

let greeter = try ComponentFactory.of(AppComponent.self).build()
print(greeter.greeting.text)
print([networkName, bankNetworkName, fakeNetworkName, billScannerName, aTMLibName, cCurlName].joined(separator: " "))
