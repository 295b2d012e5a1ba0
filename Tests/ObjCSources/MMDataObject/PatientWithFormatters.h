// A record whose name goes through a formatter pair and whose visits are a registered collection.

#import <Foundation/Foundation.h>
#import "MMDataObject.h"

@interface PatientWithFormatters : MMDataObject

@property (nonatomic, strong) NSString *title;
@property (nonatomic, strong) NSString *name;
@property (nonatomic, strong) NSDate *createdAt;
@property (nonatomic, strong) NSArray *visits;

@end
